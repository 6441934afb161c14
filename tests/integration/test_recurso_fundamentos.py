"""O recurso sem os fundamentos do pedido de reexame é recusado pelo serviço, sem gravar nada.

Lei 9.784/1999 art. 60: "O recurso interpõe-se por meio de requerimento no qual o recorrente
deverá expor os fundamentos do pedido de reexame, podendo juntar os documentos que julgar
convenientes." Antes, `recurso` e `recurso_final` entravam sem texto e sem anexo nenhum. Agora
(marca `exige_fundamentos` do quadro) o serviço de registro (`processos.registrar`, o mesmo da
API e das páginas) os aceita com o texto (`dados.texto`) ou com o documento anexado, e recusa
com 422 (`EntradaInvalida` no campo `dados.texto`, regra "Lei 9.784/1999 art. 60") o que não
traz nenhum dos dois: nem ato, nem anexo, nem mudança de estado.
"""

from __future__ import annotations

import datetime as dt

import pytest
from semente import atores, processo_autuado, registrar
from sqlalchemy import func, select

from farol.erros import EntradaInvalida, EntradasInvalidas
from farol.relogio import hoje
from farol.services import processos
from farol.services.anexos import Arquivo
from farol.services.processos import NovoAto
from farol.services.resultados.processo import AtoRegistrado
from farol.services.unit_of_work import BancoUnitOfWork
from farol.store.db import Banco
from farol.store.orm import Ato, DocumentoAnexo, Processo

PDF = b"%PDF-1.4\n% razoes do recurso\n%%EOF\n"
AC = "autoridade.cpsc"
INICIO = hoje() - dt.timedelta(days=80)


def _dia(n: int) -> dt.date:
    return INICIO + dt.timedelta(days=n)


def _decisao_notificada(banco: Banco, inscricao: str) -> int:
    """Auto, ciência, defesa, julgamento com multa e ciência da decisão (dia 52 da inspeção)."""
    pid, _ = processo_autuado(banco, inscricao=inscricao, dias_atras=80)
    registrar(banco, AC, pid, "ciencia_auto", _dia(17), meio="pessoal")
    registrar(banco, AC, pid, "defesa", _dia(20), texto="Alega que o documento estava em casa.")
    registrar(
        banco,
        AC,
        pid,
        "julgamento_procedente",
        _dia(50),
        penalidades=[{"infracao": "RLESTA.16.II", "multa": "600.00"}],
        justificativa="Embarcação sem o documento de inscrição a bordo; defesa sem o documento.",
    )
    registrar(banco, AC, pid, "ciencia_decisao", _dia(52), meio="AR")
    return pid


def _estado_e_contagens(banco: Banco, pid: int) -> tuple[str, int, int]:
    with banco.unit_of_work(somente_leitura=True) as s:
        estado = s.execute(select(Processo.estado).where(Processo.id == pid)).scalar_one()
        atos = s.execute(select(func.count()).where(Ato.processo_id == pid)).scalar_one()
        anexos = s.execute(
            select(func.count()).where(DocumentoAnexo.processo_id == pid)
        ).scalar_one()
    return estado, atos, anexos


def _recurso(
    banco: Banco, pid: int, dados: dict[str, object], arquivo: Arquivo | None = None
) -> tuple[int, AtoRegistrado]:
    ator = atores(banco)[AC]
    cmd = NovoAto(tipo="recurso", data_ato=_dia(55), dados=dados)
    return processos.registrar(BancoUnitOfWork(banco), ator, pid, cmd, arquivo=arquivo)


@pytest.mark.parametrize(
    ("inscricao", "dados"),
    [
        ("4419900771", {}),
        ("4419900772", {"texto": "   "}),
        ("4419900773", {"documento": "Protocolo 12/2026"}),  # a referência não é a exposição
    ],
    ids=["sem dados", "texto em branco", "so a referencia"],
)
def test_recurso_sem_texto_e_sem_anexo_e_recusado_sem_gravar_nada(
    banco_demo: Banco, inscricao: str, dados: dict[str, object]
) -> None:
    pid = _decisao_notificada(banco_demo, inscricao)
    antes = _estado_e_contagens(banco_demo, pid)
    assert antes[0] == "decisao_notificada"
    with pytest.raises(EntradaInvalida) as e:
        _recurso(banco_demo, pid, dados)
    assert not isinstance(e.value, EntradasInvalidas)
    assert e.value.campo == "dados.texto"
    assert e.value.regra == "Lei 9.784/1999 art. 60"
    assert "fundamentos do pedido de reexame" in e.value.mensagem
    # o ato pelo nome, sem o código interno ("(recurso)"; revisão de UX de 2026-12-05)
    assert "(recurso)" not in e.value.mensagem
    assert _estado_e_contagens(banco_demo, pid) == antes


def test_recurso_so_com_o_documento_anexado_e_aceito_e_o_documento_fica_no_ato(
    banco_demo: Banco,
) -> None:
    pid = _decisao_notificada(banco_demo, "4419900781")
    status, r = _recurso(banco_demo, pid, {}, Arquivo("razoes.pdf", PDF))
    assert status == 201
    assert r.processo.estado == "em_recurso"
    assert r.anexo is not None and r.anexo.nome_arquivo == "razoes.pdf"
    assert _estado_e_contagens(banco_demo, pid)[2] == 1


def test_recurso_com_os_fundamentos_no_texto_e_aceito(banco_demo: Banco) -> None:
    pid = _decisao_notificada(banco_demo, "4419900782")
    status, r = _recurso(banco_demo, pid, {"texto": "Pede a anulação: o TIE estava regular."})
    assert status == 201 and r.processo.estado == "em_recurso"


def test_a_falta_dos_fundamentos_vem_junto_com_a_data_futura(banco_demo: Banco) -> None:
    """As recusas dos dados e da data vão de uma vez: a dos fundamentos entre elas."""
    pid = _decisao_notificada(banco_demo, "4419900783")
    ator = atores(banco_demo)[AC]
    cmd = NovoAto(tipo="recurso", data_ato=hoje() + dt.timedelta(days=3), dados={})
    with pytest.raises(EntradasInvalidas) as e:
        processos.registrar(BancoUnitOfWork(banco_demo), ator, pid, cmd)
    assert [x.campo for x in e.value.erros] == ["dados.texto", "data_ato"]
