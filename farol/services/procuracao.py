"""Constituir procurador (POST /processos/{id}/procuradores): o ato do quadro com a marca
`constitui_procurador`, registrado com o instrumento de procuração específico anexado.

O mesmo ato se registra pela página do processo (formulário do ato, `processos.registrar`);
aqui a API recebe os campos do procurador e o arquivo (multipart) e acha, no quadro do regime
do processo, o tipo do ato. Sem o instrumento, nada se grava (Norma de 2023, item 3.6.6).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from sqlalchemy.orm import Session

from farol.domain.procedimento.carregar import carregar_regime
from farol.erros import Conflito, EntradaInvalida
from farol.normas.comunicacao import comunicacao
from farol.services import anexos, processos
from farol.services.comandos import NovoAto, NovoProcurador
from farol.services.jurisdicao import Ator, carregar_processo
from farol.services.mensagens import traduzir
from farol.services.resultados.processo import AtoRegistrado
from farol.services.unit_of_work import UnitOfWork, caso_de_uso

MARCA = "constitui_procurador"


@caso_de_uso()
def _tipo_do_ato(s: Session, ator: Ator, processo_id: int) -> str:
    """O tipo de ato que constitui procurador no regime do processo (404 fora da jurisdição)."""
    p = carregar_processo(s, ator, processo_id)
    maquina = carregar_regime(p.regime)
    if MARCA not in maquina.marcas:
        raise Conflito(
            f'o procedimento deste processo, "{maquina.nome}", não prevê a constituição de '
            "procurador",
            campo="processo",
            regra=comunicacao().procurador.fundamento,
        )
    return maquina.tipo_com(MARCA)


def _validar(campos: dict[str, Any]) -> NovoProcurador:
    try:
        return NovoProcurador.model_validate(campos)
    except ValidationError as e:
        erro = e.errors()[0]
        campo = ".".join(str(x) for x in erro.get("loc", ())) or "corpo"
        raise EntradaInvalida(traduzir(erro), campo=campo) from None


def constituir(
    uow: UnitOfWork,
    ator: Ator,
    processo_id: int,
    campos: dict[str, Any],
    arquivo: anexos.Arquivo | None,
    *,
    chave: str | None = None,
) -> tuple[int, AtoRegistrado]:
    """Registra o ato que constitui o procurador, com o instrumento, numa transação."""
    tipo = _tipo_do_ato(uow, ator, processo_id)
    cmd = _validar(campos)
    if arquivo is None:
        raise EntradaInvalida(
            "anexe o instrumento de procuração específico (PDF ou imagem) no campo arquivo",
            campo="arquivo",
            regra=comunicacao().procurador.fundamento,
        )
    ato = NovoAto(tipo=tipo, data_ato=cmd.data_ato, dados=cmd.dados(), versao=cmd.versao)
    return processos.registrar(uow, ator, processo_id, ato, chave=chave, arquivo=arquivo)
